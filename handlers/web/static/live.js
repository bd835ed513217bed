(function(){
var L=JSON.parse(document.getElementById('labels').textContent);
var body=document.body, lang=body.dataset.lang;
function e(s){return String(s==null?'':s).replace(/[&<>"']/g,function(c){return{'&':'&amp;','<':'&lt;','>':'&gt;',
 '"':'&quot;',"'":'&#x27;'}[c];});}
function f(text,params){return text.replace(/\{(\w+)\}/g,function(m,k){return params[k];});}
function res(r){if(r==null)return '';var k={'forfeit left':'forfeit_left','forfeit right':'forfeit_right',
 'forfeit both':'forfeit_both'}[r];return k?L[k]:r;}
function hm(iso){var d=new Date(iso);return d.toLocaleTimeString(lang==='zh'?'zh-CN':'en-GB',
 {hour:'2-digit',minute:'2-digit',hour12:false,timeZone:body.dataset.zone});}
function tables(d){if(d.round==null)return '<p class=empty>'+e(L.registration)+'</p>';
 if(!d.tables.length)return '<p class=empty>'+e(L.no_tables)+'</p>';
 return '<ol class=tables>'+d.tables.map(function(r){return "<li class='tbl st-"+e(r.state)+"'><span class=no>"+
 e(r.table||'')+"</span><span class=pairs><span class='l"+(r.winner==='left'?' win':'')+"'>"+e(r.left||'')+
 "</span><span class='r"+(r.winner==='right'?' win':'')+"'>"+e(r.right||'')+"</span></span><span class=res>"+
 e(res(r.result))+"</span><span class=st>"+e(L['state_'+r.state])+"</span></li>";}).join('')+'</ol>';}
function standings(d){if(!d.standings.length)return '<p class=empty>'+e(L.no_standings)+'</p>';
 var head='<tr><th class=rk>'+e(L.rank)+'</th><th>'+e(L.name)+'</th><th class=num>'+e(L.points)+
 "</th><th class='num wide'>"+e(L.played)+"</th><th class='num wide'>"+e(L.won)+'</th></tr>';
 var rows=d.standings.map(function(r){return '<tr><td class=rk>'+e(r.rank==null?'–':r.rank)+'</td><td>'+e(r.name)+
 '</td><td class=num>'+e(r.points)+"</td><td class='num wide'>"+e(r.played)+"</td><td class='num wide'>"+e(r.won)+
 '</td></tr>';});var columns=body.classList.contains('screen')?2:1,size=Math.ceil(rows.length/columns),out=[];
 for(var i=0;i<rows.length;i+=size)out.push('<table class=standings><thead>'+head+'</thead><tbody>'+
 rows.slice(i,i+size).join('')+'</tbody></table>');return '<div class=cols>'+out.join('')+'</div>';}
function bracket(d){if(!d.bracket.length)return '';return '<div class=bracket>'+d.bracket.map(function(s){
 return '<div class=stage><h3>'+e(f(L.bracket_round,{round:s.round}))+'</h3><ol>'+s.matches.map(function(m){
 return "<li><span class='"+(m.winner==='left'?'win':'')+"'>"+e(m.left||'–')+"</span><span class='"+
 (m.winner==='right'?'win':'')+"'>"+e(m.right||'–')+'</span><small>'+e(res(m.result))+'</small></li>';}).join('')+
 '</ol></div>';}).join('')+'</div>';}
function sub(d){var p=[];if(d.status==='finished')p.push(L.finished);else if(d.round!=null)
 p.push(f(L.round_of,{round:d.round,rounds:d.rounds}));p.push(f(L.updated,{time:hm(d.updated_at)}));
 return p.join(' · ');}
function next(d){var n=d.next_round;if(!n)return '';return e(f(L.next_round,{round:n.round,time:hm(n.starts_at)}))+
 " <span class=countdown data-at='"+e(n.starts_at)+"'></span>";}
function set(id,h){var el=document.getElementById(id);if(el&&el.innerHTML!==h)el.innerHTML=h;}
function render(d){set('tables',tables(d));set('standings',standings(d));set('bracket',bracket(d));
 set('subtitle',e(sub(d)));set('next',next(d));var b=document.getElementById('bracket-section');
 if(b)b.hidden=!d.bracket.length;tick();window.guandanData=d;}
function tick(){var c=document.querySelector('.countdown');if(!c)return;var s=Math.round((new Date(c.dataset.at)-
 new Date())/1000);if(s<=0){c.textContent=L.started;return;}var h=Math.floor(s/3600),m=Math.floor(s%3600/60),
 x=s%60;var t=(h?h+':'+String(m).padStart(2,'0'):m)+':'+String(x).padStart(2,'0');c.textContent=f(L.starts_in,{time:t});}
setInterval(tick,1000);tick();
var status=document.getElementById('status');
if(window.EventSource){var es=new EventSource(body.dataset.events);
 es.addEventListener('update',function(m){render(JSON.parse(m.data));});
 es.addEventListener('closed',function(){if(status)status.textContent=L.closed;es.close();});
 es.onopen=function(){if(status)status.textContent=L.live;};
 es.onerror=function(){if(status&&es.readyState!==2)status.textContent=L.offline;};}
if(body.classList.contains('screen')){var parts=[].slice.call(document.querySelectorAll('section.part'));
 var i=0;body.classList.add('cycling');function show(){var seen=parts.filter(function(p){return !p.hidden;});
 if(!seen.length)return;i=i%seen.length;parts.forEach(function(p){p.classList.remove('shown');});
 seen[i].classList.add('shown');i++;}show();setInterval(show,body.dataset.cycle*1000);}
})();
